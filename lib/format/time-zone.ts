// A school's time zone named for people: 'hora de Madrid', not 'Europe/Madrid' (issue "Phone first"). The zones of
// Spain and its neighbours carry their Spanish names; any other zone is named by its city, as the IANA name spells it.
/** The zone of a school whose information has not loaded yet (the demo school's, and most of Spain's). */
export const DEFAULT_TIME_ZONE = "Europe/Madrid";

const CITY_NAMES: Record<string, string> = {
  "Europe/Madrid": "Madrid",
  "Atlantic/Canary": "Canarias",
  "Africa/Ceuta": "Ceuta",
  "Europe/Lisbon": "Lisboa",
  "Atlantic/Madeira": "Madeira",
  "Atlantic/Azores": "Azores",
  "Europe/London": "Londres",
  "Europe/Paris": "París",
  "Europe/Andorra": "Andorra",
  "Europe/Rome": "Roma",
  "Europe/Berlin": "Berlín",
  "Europe/Brussels": "Bruselas",
  "Africa/Casablanca": "Casablanca",
  UTC: "UTC",
  "Etc/UTC": "UTC",
};

/** 'hora de Madrid', 'hora de Canarias', 'hora de Buenos Aires'; 'hora UTC' for UTC. */
export function timeZoneName(timeZone: string): string {
  const city = CITY_NAMES[timeZone] ?? timeZone.split("/").at(-1)!.replaceAll("_", " ");
  return city === "UTC" ? "hora UTC" : `hora de ${city}`;
}
