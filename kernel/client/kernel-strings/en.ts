/**
 * The kernel's en strings as the browser gets them: every section of ../../core/i18n/en.json
 * but the server's own (see SERVER_ONLY in ../i18n.ts). Named imports, so the bundle holds only
 * these sections: `payload` and `field` word the server's refusals, which arrive translated.
 */
import { code, http, ledger, message, session, socket, time, ui, validation } from '../../core/i18n/en.json';

export default { http, message, validation, time, ui, code, ledger, session, socket };
