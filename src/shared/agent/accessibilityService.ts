// The Operator's accessibility service as Android's settings name it.

/** The Operator's accessibility service class (the same in every build variant). */
export const OPERATOR_SERVICE_CLASS = 'com.androperator.operator.OperatorAccessibilityService';

/** True when the ':'-separated enabled_accessibility_services list names the Operator's service (full or `.Short` form). */
export function isServiceListed(enabledServices: string, operatorPackage: string): boolean {
  const full = `${operatorPackage}/${OPERATOR_SERVICE_CLASS}`.toLowerCase();
  const short = `${operatorPackage}/.${OPERATOR_SERVICE_CLASS.split('.').pop() ?? ''}`.toLowerCase();
  return enabledServices
    .split(':')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => entry === full || entry === short);
}
