// Every check function under its keyword name. The precompiled validators (src/engine/generated)
// import this module as `kw` and call `kw.<keyword>`; keep it free of AJV's compiler.
export { equal, ucs2length } from './ajvRuntime';
export { correctionDeadline } from './correctionDeadline';
export { dateOrder } from './dateOrder';
export { dateTime } from './dateTime';
export { decimalPlaces } from './decimalPlaces';
export { documentTotals } from './documentTotals';
export { email } from './email';
export { isoDate } from './isoDate';
export { isRegisteredTin } from './isRegisteredTin';
export { lineArithmetic } from './lineArithmetic';
export { noIndividual } from './noIndividual';
export { notToOneself } from './notToOneself';
export { passportSerial } from './passportSerial';
export { password } from './password';
export { passwordConfirmation } from './passwordConfirmation';
export { phoneNumber } from './phoneNumber';
export { pinfl } from './pinfl';
export { pinflOrTin } from './pinflOrTin';
export { requiredUnless } from './requiredUnless';
export { requiredWithout } from './requiredWithout';
export { sellerNotBuyer } from './sellerNotBuyer';
export { serverCheck } from './serverCheck';
export { tin } from './tin';
export { toErrors } from './toErrors';
export { vatArithmetic } from './vatArithmetic';
export { vatRateForDate } from './vatRateForDate';
