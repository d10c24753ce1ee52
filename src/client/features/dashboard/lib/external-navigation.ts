/** True inside a frame (an embedding preview, say). Old browsers throw on reading a cross-origin `top`. */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export interface ExternalNavigation {
  go: (url: string) => void;
  /** The server said no: a tab opened in advance is closed again. */
  cancel: () => void;
}

/**
 * Call this in the click handler, before asking the server for the payment page's address. At the top
 * level the page replaces the app in this window. Inside a frame the browser may refuse to navigate the
 * top window, so the page gets a new tab instead — opened now, while the click still counts as a user
 * gesture, because a tab opened only after the server answers is often blocked as a pop-up.
 */
export function startExternalNavigation(): ExternalNavigation {
  if (!isFramed()) {
    return {
      go: (url) => {
        window.location.assign(url);
      },
      cancel: () => undefined,
    };
  }
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go: (url) => {
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener,noreferrer');
    },
    cancel: () => {
      tab?.close();
    },
  };
}
