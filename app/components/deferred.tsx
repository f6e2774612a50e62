import { type ComponentType, memo, type ReactNode, Suspense, use, useEffect } from "react";

/**
 * A component whose code is a chunk of its own, hydrated after the rest of the page (decision 0060). It is its own
 * Suspense boundary and keeps the server's HTML in place while the page hydrates: React skips the boundary (its
 * code is not there yet), the chunk loads and runs in a task of its own, and React then hydrates the boundary on
 * its own, in another. So the page's first script task and its hydration are smaller, and what is below the fold
 * (the footer, a product's reviews) no longer adds to them. A click or key press on the boundary before that makes
 * React hydrate it first and replays the event; without JavaScript the server's HTML is the whole story. It is
 * memoised: a parent's render with the same props must not reach a boundary that has not hydrated yet (React would
 * drop its server HTML and render it again once the chunk is there).
 *
 * On the server the chunk is imported at the first request: entry.server.tsx waits for every such import
 * (deferredReady; at once after the first) before it renders, so the HTML is always complete and in place. In the browser a client-side
 * navigation renders it as soon as its chunk is there (at once once it has loaded).
 */
const serverLoads: (() => Promise<unknown>)[] = [];

/**
 * In the browser, how many deferred modules have started loading and not yet been committed (hydrated or
 * rendered) once: `window.__miliDeferred`, which the browser tests wait to be 0 (tests/support/browser.ts
 * hydrated()) before they drive the page.
 */
function countPending(change: 1 | -1): void {
  const w = window as { __miliDeferred?: number };
  w.__miliDeferred = (w.__miliDeferred ?? 0) + change;
}

type Render<P> = (props: P) => ReactNode;

export function deferred<P extends object>(load: () => Promise<Render<P>>): ComponentType<P> {
  let loading: Promise<Render<P>> | undefined;
  let counted = false;
  const start = () => {
    if (!loading && !counted && typeof document !== "undefined") {
      counted = true;
      countPending(1);
    }
    if (!loading) {
      const promise: Promise<Render<P>> & { status?: string; value?: Render<P> } = load().then(
        (component) => {
          // Marked as React marks a promise it has seen settle, so use() answers at once from now on (on the
          // server always, in the browser for every instance after the first).
          promise.status = "fulfilled";
          promise.value = component;
          return component;
        },
        (error: unknown) => {
          loading = undefined; // a failed load (the network) is tried again on the next render
          throw error;
        },
      );
      loading = promise;
    }
    return loading;
  };
  // Not while the module graph is still evaluating (the server build imports itself in a circle): at the first
  // request (deferredReady).
  if (typeof document === "undefined") serverLoads.push(start);
  function Loaded(props: P) {
    // The effect before use(): the hooks are the same whether or not this render waited for the chunk.
    useEffect(() => {
      if (!counted) return;
      counted = false;
      countPending(-1);
    }, []);
    const Component = use(start()) as ComponentType<P>;
    return <Component {...props} />;
  }
  return memo(function Deferred(props: P) {
    return (
      <Suspense>
        <Loaded {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
}

/** Resolves once every deferred component's module has loaded on the server (entry.server.tsx awaits it). */
export function deferredReady(): Promise<unknown> {
  return Promise.all(serverLoads.map((load) => load()));
}
