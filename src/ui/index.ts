export * from './icons';
export { Logo } from './logo';
export { PageHeader, Section, FeatureCard, NumberedSteps, type Step } from './page';
