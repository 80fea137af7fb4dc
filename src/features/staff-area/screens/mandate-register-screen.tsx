import { MandateRegister } from '../../mandates';
import { StaffFrame } from '../components/staff-frame';

/**
 * « Registre des mandats » (issue 30): directeur and admin write observations, manager reads;
 * the server refuses everyone else. The register itself is the mandates feature's.
 */
export function MandateRegisterScreen() {
  return (
    <StaffFrame
      title="Registre des mandats"
      lead={
        'Chaque mandat signé, numéroté dans l’ordre sans interruption, avec les colonnes de l’arrêté du 15\u00a0septembre 1972. Rien ne s’y modifie ni ne s’y efface\u00a0: une fin, une rétractation ou une correction s’y ajoute en observation.'
      }
    >
      <MandateRegister />
    </StaffFrame>
  );
}
