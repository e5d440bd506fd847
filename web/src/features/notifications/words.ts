import { useTranslation } from 'react-i18next';

/**
 * The area's texts looked up by keys made from values (an event, a level, a role): the catalogue has one for each
 * value the contract lists, which the types cannot follow through a template.
 */
export function useWords() {
  const { t } = useTranslation('notifications');
  return (key: string, options?: Record<string, unknown>): string =>
    (t as unknown as (k: string, o?: Record<string, unknown>) => string)(key, options);
}
