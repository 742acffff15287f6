// The English texts of every namespace, one chunk fetched when English is chosen (index.ts).
type Messages = { [key: string]: string | Messages };
export default import.meta.glob<{ default: Messages }>('./*/en.json', { eager: true });
