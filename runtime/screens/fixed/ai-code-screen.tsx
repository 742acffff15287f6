/** aiCode page (SPEC §2): see runtime/screens/ai-code. */
export { default } from '../ai-code/ai-code-screen';
