/** The address plugin's routes (spec §2) and their query. */
export const ADDRESS_LIST_PATH = '/user/address/address';
export const ADDRESS_FORM_PATH = '/user/addressForm/addressForm';

/** `?select=1`: the list picks an address for checkout and goes back; the form makes a new one the pick. */
export const isSelectMode = (query: Record<string, string>): boolean => query.select === '1';
