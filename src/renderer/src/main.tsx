// Renderer entry: the API client, the store (fed by the client's events), and the app.
// The base styles come first so feature styles (imported by their components) build on them.
import './styles/theme.css';
import './styles/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createConsoleClient } from './api/client';
import { App } from './App';
import { INITIAL_DESIGN } from './designer/design';
import { randomNonce } from './designer/payload';
import { readStoredDesign, storeDesign } from './designer/persist';
import { StoreProvider } from './store/context';
import { applyTheme, readTheme } from './ui/theme';
import { connectStore, createConsoleStore, type ConsoleStore } from './store/store';

// Before the first paint, so a pinned theme never flashes the system one.
applyTheme(readTheme(window.localStorage), document.documentElement);

const client = createConsoleClient();

const store: ConsoleStore = createConsoleStore(
  {
    client,
    now: () => Date.now(),
    nonce: () => randomNonce(),
  },
  readStoredDesign(window.localStorage) ?? INITIAL_DESIGN,
);

let storedDesign = store.getState().designHistory.present;
let saveTimer: number | undefined;
store.subscribe((state) => {
  const design = state.designHistory.present;
  if (design === storedDesign) return;
  storedDesign = design;
  window.clearTimeout(saveTimer);
  saveTimer = window.setTimeout(() => storeDesign(window.localStorage, design), 300);
});

connectStore(store, client);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>,
  );
