/**
 * What other plugins may use of the address plugin in the browser (the order plugin's
 * settlement page). Small on purpose: where to send the shopper, and what they picked.
 *
 *   const { chosenId } = useSnapshot(addressStore);            // re-renders when the pick changes
 *   call settlement with { address_id: chosenId ?? undefined }  // the server falls back to the default
 *   <Cell label={…} to={ADDRESS_PICK_PATH} />                  // "change address"
 *   <Button onClick={() => nav.to(ADDRESS_NEW_PATH)}>…</Button>  // "please add a shipping address first"
 *
 * The pick is kept in memory for the session and forgotten on logout or when that address is deleted.
 */
import { ADDRESS_FORM_PATH, ADDRESS_LIST_PATH } from './paths';
import { addressStore, chooseAddress } from './store';

export type { Address } from './contract';
export { addressStore };

/** The list in select mode: tapping an address picks it and goes back. */
export const ADDRESS_PICK_PATH = `${ADDRESS_LIST_PATH}?select=1`;
/** The form in select mode: the saved address becomes the pick, then back. */
export const ADDRESS_NEW_PATH = `${ADDRESS_FORM_PATH}?select=1`;

/** The address id the shopper picked for checkout, or null (use their default). */
export const chosenAddressId = (): number | null => addressStore.chosenId;

/** Forgets the pick (e.g. once an order is placed). */
export const forgetChosenAddress = (): void => chooseAddress(null);
