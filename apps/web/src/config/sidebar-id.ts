/** The id of the main menu (the header's sidebar toggle controls it). */
export const sidebarId = 'app-sidebar';
