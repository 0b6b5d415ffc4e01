/** The languages of the site, the console and the emails; a registration records its visitor's. */
export type Locale = 'en' | 'it' | 'ro';
