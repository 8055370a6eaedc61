import type React from 'react';
// The console's top-level layout.
export function App(): React.JSX.Element {
  return (
    <main aria-label="androperator console">
      <h1>androperator console</h1>
    </main>
  );
}
