// esbuild's file loader turns an imported image into its fingerprinted URL.
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.css';
