/**
 * Every third-party login platform the shop knows. Adding one (WeChat's OAuth, say) is a file
 * implementing `ThirdProvider` (./provider.ts) and a line here; a site offers it by listing its
 * id in the auth plugin's `thirdLogin` setting.
 */
import { BizError } from '@kernel/core/errors';
import type { AuthSettings } from '../settings';
import { localProvider } from './local';
import type { ThirdProvider } from './provider';

export const PROVIDERS: readonly ThirdProvider[] = [localProvider];

/** The providers the site offers, in the setting's order; ids no provider has are left out. */
export function enabledProviders(settings: Pick<AuthSettings, 'thirdLogin'>, providers: readonly ThirdProvider[] = PROVIDERS): ThirdProvider[] {
  return settings.thirdLogin.flatMap((id) => providers.filter((p) => p.id === id));
}

/** The provider a call names, when the site offers it; refused beside `type` otherwise. */
export function enabledProvider(settings: Pick<AuthSettings, 'thirdLogin'>, type: string, providers: readonly ThirdProvider[] = PROVIDERS): ThirdProvider {
  const provider = enabledProviders(settings, providers).find((p) => p.id === type);
  if (!provider) throw new BizError('auth:message.third_type_disabled', { type }, { field: 'type' });
  return provider;
}
