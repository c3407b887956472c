import { useEffect } from 'react';

const PRODUCT_TITLE = 'Till — point of sale';

/** Sets the tab title for the current screen; without a page name it is the product title. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} — Till` : PRODUCT_TITLE;
  }, [page]);
}
