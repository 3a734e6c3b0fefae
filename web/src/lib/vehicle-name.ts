/** A vehicle as the member's texts name it ('2021 Jeep Renegade'): the `{vehicle}` of messages.chooseStyleHelp and messages.vinCheckDigitWarning. */
export function vehicleName(vehicle: { year: number; make: string; model: string }): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`
}
