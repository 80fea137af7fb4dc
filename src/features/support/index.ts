export { HelpWidget } from './help-widget';
