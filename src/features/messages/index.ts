/**
 * The conversation of a buyer project (issue 29, docs/messages.md), shown in the client area
 * (« Messages ») and on the fiche acquéreur. This is the folder's only door.
 */
export { Conversation } from './components/conversation';
