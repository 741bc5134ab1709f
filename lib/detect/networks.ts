// The page scan's view of professional-network profile URLs. The rules are the identity module's
// (lib/identity/profile.ts); this file only keeps the detection folder's import path.
export {
  isNetworkHost,
  NETWORK_TEXT_MARKERS,
  NETWORKS,
  networkForHost,
  normaliseProfileUrl,
  profileOfSplitUrl,
  type ProfessionalNetwork,
  type ProfileKind,
  type ProfileMatch,
} from '../identity/profile';
