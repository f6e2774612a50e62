import {
  type ComponentType,
  memo,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

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
 * With `{ until: "visible" }` (decision 0073) a boundary the server rendered hydrates only once it comes within
 * 300 px of the viewport, at the shopper's first pointer, touch, key or focus anywhere in the page, or at the router's
 * first change of state (a navigation, a fetcher, a revalidation) — whichever comes first; until then its server
 * HTML stays as it is, and its chunk is loaded (so the first tap hydrates it at once). Every update that reaches a
 * boundary not hydrated yet would make React hydrate it there and then (a router update, a context above it), which
 * is why every such gate opens on the first input or router change, before React renders it. A boundary rendered in
 * the browser (a client-side navigation) has no server HTML and renders at once. The boundary is found through a
 * `<template data-defer>` rendered just before it (inert, never displayed; allowed inside a list): the server's HTML
 * between the `<!--$-->` and `<!--/$-->` after it is what is watched.
 *
 * On the server the chunk is imported at the first request: entry.server.tsx waits for every such import
 * (deferredReady; at once after the first) before it renders, so the HTML is always complete and in place. In the browser a client-side
 * navigation renders it as soon as its chunk is there (at once once it has loaded).
 */
const serverLoads: (() => Promise<unknown>)[] = [];

/**
 * In the browser, how many deferred parts are still to settle: modules loading, and boundaries that will hydrate
 * without waiting for the shopper (their gate open, not committed yet, or not yet told by the browser whether they
 * are near the viewport): `window.__miliDeferred`, which the browser tests wait to be 0 (tests/support/browser.ts
 * hydrated()) before they drive the page. A boundary waiting to come into view is settled.
 */
function countPending(change: 1 | -1): void {
  const w = window as { __miliDeferred?: number };
  w.__miliDeferred = (w.__miliDeferred ?? 0) + change;
}

type Render<P> = (props: P) => ReactNode;

/** A promise React's use() reads at once once it is open (status marked as React marks a settled promise). */
type Gate = Promise<void> & {
  status?: string;
  value?: undefined;
  open(): void;
  /** Called at the browser's first answer that the boundary is away from the viewport. */
  answered?: () => void;
};

/** One boundary's bookkeeping in the browser: its gate (null: nothing to wait for) and its share of the count. */
interface Slot {
  gate: Gate | null;
  counted: boolean;
  committed: boolean;
}

function pending(slot: Slot): void {
  if (slot.counted || slot.committed) return;
  slot.counted = true;
  countPending(1);
}

function settle(slot: Slot): void {
  if (!slot.counted) return;
  slot.counted = false;
  countPending(-1);
}

const closed = new Set<Gate>();
let listening = false;

/** Set once every gate has opened for an input or a router change: later boundaries need not wait. */
let opened = false;

function openAll(): void {
  opened = true;
  for (const gate of [...closed]) gate.open();
}

/**
 * The first input anywhere or the router's first change opens every gate, before React handles it (capture phase
 * on window; the router's listener added before React Router's own).
 */
function listen(): void {
  if (listening) return;
  listening = true;
  for (const type of ["pointerdown", "touchstart", "keydown", "focusin"]) {
    window.addEventListener(type, openAll, { capture: true, passive: true });
  }
  const router = (window as { __reactRouterDataRouter?: { subscribe(fn: () => void): () => void } })
    .__reactRouterDataRouter;
  router?.subscribe(openAll);
}

let observer: IntersectionObserver | null = null;
const observed = new Map<Element, Gate>();

function observe(element: Element, gate: Gate): void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const target = observed.get(entry.target);
        if (!target) continue;
        if (entry.isIntersecting) target.open();
        else target.answered?.();
      }
    },
    { rootMargin: "300px 0px" },
  );
  observed.set(element, gate);
  observer.observe(element);
}

/** The elements of the server's HTML of the boundary right after `marker` (between `<!--$-->` and `<!--/$-->`). */
function boundaryElements(marker: Element): Element[] {
  const elements: Element[] = [];
  let node = marker.nextSibling;
  if (!(node instanceof Comment) || !node.data.startsWith("$")) return elements;
  let depth = 0;
  for (node = node.nextSibling; node; node = node.nextSibling) {
    if (node instanceof Comment) {
      if (node.data.startsWith("$")) depth++;
      else if (node.data === "/$") {
        if (depth === 0) break;
        depth--;
      }
    } else if (depth === 0 && node instanceof Element) elements.push(node);
  }
  return elements;
}

/**
 * A closed gate, or null once the page has had its first input or router change (every boundary rendered after that,
 * a client-side navigation's, renders at once). A gate whose boundary turns out to have no server HTML (rendered in
 * the browser before that) is opened at its first commit.
 */
function newGate(slot: Slot): Gate | null {
  if (typeof document === "undefined" || opened) return null;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  }) as Gate;
  gate.open = () => {
    if (gate.status === "fulfilled") return;
    gate.status = "fulfilled";
    gate.value = undefined;
    forget(gate);
    pending(slot);
    open();
  };
  listen();
  return gate;
}

/** Forgets a gate whose boundary is gone: nothing opens it, and the browser no longer watches its elements. */
function forget(gate: Gate): void {
  closed.delete(gate);
  for (const [element, g] of observed) {
    if (g !== gate) continue;
    observer?.unobserve(element);
    observed.delete(element);
  }
}

export function deferred<P extends object>(
  load: () => Promise<Render<P>>,
  options: { until?: "visible" } = {},
): ComponentType<P> {
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
          if (counted && typeof document !== "undefined") countPending(-1);
          return component;
        },
        (error: unknown) => {
          loading = undefined; // a failed load (the network) is tried again on the next render
          if (counted && typeof document !== "undefined") {
            counted = false;
            countPending(-1);
          }
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
  function Loaded({ slot, props }: { slot: Slot; props: P }) {
    // The effect before use(): the hooks are the same whether or not this render waited for the chunk.
    useEffect(() => {
      slot.committed = true;
      settle(slot);
    }, [slot]);
    const chunk = start(); // loading while the gate is closed, so the first tap finds the code there
    if (slot.gate) use(slot.gate as Promise<void>);
    const Component = use(chunk) as ComponentType<P>;
    return <Component {...props} />;
  }
  const visible = options.until === "visible";
  return memo(function Deferred(props: P) {
    const marker = useRef<HTMLTemplateElement>(null);
    const [slot] = useState<Slot>(() => {
      const s: Slot = { gate: null, counted: false, committed: false };
      if (visible) s.gate = newGate(s);
      return s;
    });
    useLayoutEffect(() => {
      const gate = slot.gate;
      pending(slot);
      // A boundary that goes away before it has hydrated (a navigation) no longer counts, and its gate is forgotten.
      const gone = () => {
        settle(slot);
        if (gate) forget(gate);
      };
      if (!gate || gate.status === "fulfilled") return gone;
      // The gate is known to openAll from its boundary's commit, not from the render that made it: React may throw a
      // render away (an input that interrupts hydration, StrictMode's second render), and a gate of a render that
      // never commits would be opened and counted with no boundary left to settle it.
      if (opened) {
        gate.open();
        return gone;
      }
      closed.add(gate);
      if (!marker.current) return gone;
      const elements = boundaryElements(marker.current);
      if (elements.length === 0) {
        gate.open();
        return gone;
      }
      // Settled once the browser has said the boundary is away from the viewport (its first answer).
      gate.answered = () => {
        gate.answered = undefined;
        if (gate.status !== "fulfilled") settle(slot);
      };
      for (const element of elements) observe(element, gate);
      return gone;
    }, [slot]);
    return (
      <>
        {visible ? <template data-defer="" ref={marker} /> : null}
        <Suspense>
          <Loaded slot={slot} props={props} />
        </Suspense>
      </>
    );
  }) as unknown as ComponentType<P>;
}

/** Resolves once every deferred component's module has loaded on the server (entry.server.tsx awaits it). */
export function deferredReady(): Promise<unknown> {
  return Promise.all(serverLoads.map((load) => load()));
}
