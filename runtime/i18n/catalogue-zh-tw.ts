// The Traditional Chinese texts of every namespace, one chunk fetched when zh-tw is chosen (index.ts).
type Messages = { [key: string]: string | Messages };
export default import.meta.glob<{ default: Messages }>('./*/zh-tw.json', { eager: true });
