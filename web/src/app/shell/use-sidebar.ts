import { useCallback, useState } from 'react';

/** Spec: the sidebar is remembered as opened 1 or closed 0, closed by default. */
const SIDEBAR_KEY = 'sidebarStatus';
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

export function useSidebar(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => localStorage.getItem(SIDEBAR_KEY) === '1');
  const setOpen = useCallback((next: boolean) => {
    localStorage.setItem(SIDEBAR_KEY, next ? '1' : '0');
    setOpenState(next);
  }, []);
  return [open, setOpen];
}
