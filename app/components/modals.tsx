import {
  type ComponentType,
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";

/** Modals by name (spec §3 "Modal"): open(name, props) shows the registered component, close() hides it. */
export interface ModalProps {
  close: () => void;
}

// biome-ignore lint/suspicious/noExplicitAny: each registered modal declares its own extra props.
export type ModalRegistry = Record<string, ComponentType<ModalProps & any>>;

interface ModalApi {
  current: string | null;
  open(name: string, props?: Record<string, unknown>): void;
  close(): void;
}

const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ modals, children }: { modals: ModalRegistry; children: ReactNode }) {
  const [current, setCurrent] = useState<{ name: string; props: Record<string, unknown> } | null>(null);
  const open = useCallback(
    (name: string, props: Record<string, unknown> = {}) => setCurrent({ name, props }),
    [],
  );
  const close = useCallback(() => setCurrent(null), []);
  const api = useMemo(() => ({ current: current?.name ?? null, open, close }), [current, open, close]);
  const Modal = current ? modals[current.name] : undefined;
  return (
    <ModalContext value={api}>
      {children}
      {Modal && current ? (
        // A modal may be lazy (its code loads on the first open): nothing shows until it is there.
        <Suspense>
          <Modal {...current.props} close={close} />
        </Suspense>
      ) : null}
    </ModalContext>
  );
}

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModals() is used outside <ModalProvider>");
  return api;
}
