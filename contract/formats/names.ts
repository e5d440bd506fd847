/**
 * A record's name for a reader (decision 064): records have names in the languages they keep. The name kept in the
 * reader's language; else the one kept in the other language, since a company named in one language only is named so
 * in every language and on every document (Northwind Equipment Hire Pty Ltd on a Chinese page and a Chinese contract
 * too); else the name it is registered and listed under. The server answers names by it (nameIn, and nameInSql in
 * SQL), and the console's pages that hold all three names choose by it.
 */
export function nameInLanguage(record: { name: string; nameZh: string; nameEn: string }, lang: 'zh' | 'en'): string {
  const [kept, other] = lang === 'zh' ? [record.nameZh, record.nameEn] : [record.nameEn, record.nameZh];
  return kept || other || record.name;
}
