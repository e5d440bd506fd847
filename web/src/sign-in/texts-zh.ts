// The sign-in texts in Chinese, written in by the build (vite.config.ts, web/build/sign-in-texts.ts).
declare const __SIGN_IN_TEXTS_ZH__: Record<string, string>;
// Through a constant: the bundler drops an `export default` of a defined global (it found the chunk empty).
const texts: Record<string, string> = __SIGN_IN_TEXTS_ZH__;
export default texts;
