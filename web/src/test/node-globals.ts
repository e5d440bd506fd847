/**
 * The console's modules read its storage and window as they load; a unit test renders them in node without them.
 * Imported first by such a test, so these stand in before any console module is evaluated.
 */
const storage = () => {
  const store = new Map<string, string>();
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage;
};
Object.assign(globalThis, {
  localStorage: storage(),
  sessionStorage: storage(),
  window: Object.assign(globalThis, { addEventListener: () => {}, removeEventListener: () => {} }),
});
