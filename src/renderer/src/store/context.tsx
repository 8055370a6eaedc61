// React access to the console store: a provider and a selector hook.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ConsoleStore } from './store';
import type { ConsoleState } from './types';

const StoreContext = createContext<ConsoleStore | null>(null);

export function StoreProvider(props: { store: ConsoleStore; children: ReactNode }): ReactNode {
  return <StoreContext.Provider value={props.store}>{props.children}</StoreContext.Provider>;
}

/** The store itself, for event handlers that read state without subscribing. */
export function useConsoleStore(): ConsoleStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useConsole needs a StoreProvider');
  return store;
}

/** Subscribes to one stable value of the console state (a selector must not build new objects). */
export function useConsole<T>(selector: (state: ConsoleState) => T): T {
  return useStore(useConsoleStore(), selector);
}
