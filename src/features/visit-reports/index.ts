/**
 * Visits and visit reports (issue 28): the report form (its own pages), and the pieces the staff
 * area and the client area show. This is the folder's only door.
 */
export { EnergyClassBadge, EnergyLabels } from './components/energy-labels';
export { PhotoGallery } from './components/photo-gallery';
export {
  ReportCard,
  floorLabel,
  formatSurface,
  photosArrivedLabel,
  type PhotoLoader,
} from './components/report-card';
export { NewReportScreen, ReportScreen, type ReportPaths } from './pages/report-page';
export { ReportDrafts } from './components/report-drafts';
