export * from './icons';
export { Logo, type Brand } from './logo';
export { PageHeader, Section, FeatureCard, NumberedSteps, type Step } from './page';
