// The Cozystack release cozylab is: the tag of its images and of the sources Flux serves, and
// (without the "v") the version of the installer and platform charts.

export const COZYSTACK_VERSION = 'v1.6.2';
