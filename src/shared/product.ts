export const PRODUCT_NAME = 'PromptReel';
export const WATERMARK_TEXT = `Made with ${PRODUCT_NAME}`;
