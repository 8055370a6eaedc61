// Module types for Vite asset imports used by the renderer.
declare module '*?no-inline' {
  const url: string;
  export default url;
}
declare module '*.css';
