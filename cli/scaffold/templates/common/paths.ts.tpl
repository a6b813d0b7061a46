/** The __id__ page's route. */
export const __ID___PATH = '/pages/__id__/__id__';
