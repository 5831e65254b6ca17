/** How visitors reach Stickwork; shown in the footer line of account settings, FAQ and legal pages. */
export const CONTACT_EMAIL = 'hello@stickwork.de';
export const INSTAGRAM_URL = 'https://www.instagram.com/stickwork.drums';
