/** The article page's route. */
export const ARTICLE_PATH = '/pages/article/article';
