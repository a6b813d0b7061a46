/** The customer-service chat page's route (spec §2, default navigation bar). */
export const SERVICE_PATH = '/user/service/service';
