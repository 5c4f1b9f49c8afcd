// Ink's devtools window polyfill imports ws; it runs only when DEV=true, never in the bundle.
export default undefined;
