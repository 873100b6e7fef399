/**
 * What a route of the route table carries for the shell (its name for the guard, its title's translation key).
 * Here, below both the router (app/) and the layout that reads it (components/), so neither imports the other.
 */
export interface RouteHandle {
  name: string;
  titleKey: string;
}
