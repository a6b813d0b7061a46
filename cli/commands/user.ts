/**
 * `storefront user add <username>`: an account made by an operator — a staff member for the chat
 * desk (the first one of a new shop), or a shopper for a demo. `storefront user password
 * <username>`: a new password, which also ends the account's sessions (e.g. the demo's published
 * logins). Either password is given, or generated and printed once.
 */
import { randomInt } from 'node:crypto';
import { Command } from 'commander';
import { BizError } from '@kernel/core/errors';
import { isEmail, isPhone, isStrongPassword, isUsername } from '@kernel/core/validators';
import { CliError, usageError } from '../cli-error';
import { outputFor, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { siteOption, dataDirOption, databaseUrlOption, jsonOption } from '../options';

interface UserAddOptions {
  staff?: boolean;
  password?: string;
  nickname?: string;
  email?: string;
  mobile?: string;
  site?: string;
  dataDir?: string;
  databaseUrl?: string;
  json?: boolean;
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 12 characters from a CSPRNG, with at least one letter and one digit (the password rule). */
export function generatePassword(): string {
  for (;;) {
    const candidate = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (isStrongPassword(candidate)) return candidate;
  }
}

function userAddCommand(ctx: CliContext): Command {
  return new Command('add')
    .description('create an account (a staff member with --staff)')
    .argument('<username>', 'a letter first, then letters, digits or underscores, 3–30 in all')
    .option('--staff', 'a staff member: can log in to the customer-service desk')
    .option('--password <password>', '6–20 characters mixing letters and digits (default: generated and printed once)')
    .option('--nickname <name>', 'shown name (default: the username)')
    .option('--email <address>', 'bound e-mail address')
    .option('--mobile <number>', 'bound mobile number (11 digits)')
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(jsonOption())
    .addHelpText('after', '\nExamples:\n  $ storefront user add alice --staff\n  $ storefront user add bob --password secret123 --mobile 13800138000')
    .action(async (username: string, options: UserAddOptions) => {
      const output = outputFor(ctx, options);
      const problems = [
        !isUsername(username) && `username "${username}": a letter first, then letters, digits or underscores, 3–30 in all`,
        options.password !== undefined && !isStrongPassword(options.password) && 'password: 6–20 characters mixing letters and digits',
        options.email !== undefined && !isEmail(options.email) && `e-mail "${options.email}" is not an e-mail address`,
        options.mobile !== undefined && !isPhone(options.mobile) && `mobile "${options.mobile}" is not an 11-digit mainland mobile number`,
      ].filter((p): p is string => typeof p === 'string');
      if (problems.length > 0) throw usageError(problems[0], problems.slice(1));

      const generated = options.password === undefined;
      const password = options.password ?? generatePassword();
      const { withSiteApp } = await import('../site-app');
      const created = await withSiteApp(ctx, options, async (app) => {
        const { services, i18n, site } = app.storefront;
        try {
          const id = await services.users.create({
            username,
            password,
            nickname: options.nickname,
            email: options.email?.toLowerCase() ?? null,
            mobile: options.mobile ?? null,
            isStaff: options.staff === true,
          });
          return { id, site: site.name };
        } catch (error) {
          if (error instanceof BizError) throw new CliError(i18n.t('en', error.key, error.params), EXIT.refused);
          throw error;
        }
      });
      output.success(`created ${options.staff ? 'staff member' : 'user'} \`${username}\` (id ${created.id}) in site \`${created.site}\``);
      if (generated) output.line(`  password: ${output.bold(password)}  ${output.dim('(shown once; they can change it in the member centre)')}`);
      output.result({ id: created.id, username, staff: options.staff === true, site: created.site, ...(generated ? { password } : {}) });
    });
}

function userPasswordCommand(ctx: CliContext): Command {
  return new Command('password')
    .description("give an account a new password and end its sessions")
    .argument('<username>', 'the account')
    .option('--password <password>', '6–20 characters mixing letters and digits (default: generated and printed once)')
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(jsonOption())
    .addHelpText('after', '\nExamples:\n  $ storefront user password staff\n  $ storefront user password demo --password n3w-secret')
    .action(async (username: string, options: { password?: string; site?: string; dataDir?: string; databaseUrl?: string; json?: boolean }) => {
      const output = outputFor(ctx, options);
      if (options.password !== undefined && !isStrongPassword(options.password)) throw usageError('password: 6–20 characters mixing letters and digits');
      const generated = options.password === undefined;
      const password = options.password ?? generatePassword();
      const { withSiteApp } = await import('../site-app');
      const changed = await withSiteApp(ctx, options, async (app) => {
        const { db, services, site } = app.storefront;
        const user = await services.users.find(db, { username });
        if (!user) throw new CliError(`site \`${site.name}\` has no account \`${username}\``, EXIT.refused);
        await services.users.update(db, user.id, { password });
        await services.tokens.revokeAll(user.id);
        return { id: user.id, site: site.name };
      });
      output.success(`new password for \`${username}\` (id ${changed.id}) in site \`${changed.site}\`; its sessions are ended`);
      if (generated) output.line(`  password: ${output.bold(password)}  ${output.dim('(shown once)')}`);
      output.result({ id: changed.id, username, site: changed.site, ...(generated ? { password } : {}) });
    });
}

export function userCommand(ctx: CliContext): Command {
  return new Command('user').description('manage accounts').addCommand(userAddCommand(ctx)).addCommand(userPasswordCommand(ctx));
}
