/** The notices region's own words: its name and the dismiss button (on the first load, unlike the notices' texts). */
import { defineTexts } from '../../../texts.ts';

export const NOTICE_REGION_TEXT = defineTexts({
  en: {
    dismiss: 'Dismiss',
    noticesLabel: 'Messages',
  },
  zh: {
    dismiss: '关闭',
    noticesLabel: '消息',
  },
});
