/** The chat plugin's routes (spec §2: the customer-service page has the default navigation bar). */
export const SERVICE_PATH = '/user/service/service';
/** The staff desk: the staff member's rooms, and one room (`?id=<room id>`). */
export const DESK_PATH = '/staff/desk/desk';
export const DESK_ROOM_PATH = '/staff/desk/room';
