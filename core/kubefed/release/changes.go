package release

// Change is a behaviour that differs between kubefed releases.
type Change int

// Info describes a change: the first release with it, the release that
// undid it (if any), the upstream pull requests, and a one-line summary.
type Info struct {
	Name    string
	First   string
	Until   string
	PRs     []int
	Summary string
}

// The changes, in release order. The names are what
// docs/release-differences.md calls them (a test keeps the two in step).
const (
	// ReflectorBackoff: client-go 0.18 retries a failed list with a
	// back-off (0.8s doubling to 30s) instead of every second.
	ReflectorBackoff Change = iota
	// StatusWatchesFederatedType: the legacy service status controller
	// watches FederatedServices; v0.3.0 built the informer with the target
	// type's GVK, so client-go dropped every FederatedService watch event.
	StatusWatchesFederatedType
	// RSPShortName: ReplicaSchedulingPreference gets the short name rsp.
	RSPShortName
	// KubeFedCRDv1: kubefed's own CRDs are apiextensions.k8s.io/v1 and prune
	// unknown fields.
	KubeFedCRDv1
	// EnablePrefersCoreGroup: kubefedctl enable/disable NAME takes a
	// core-group match at once instead of failing on several matches.
	EnablePrefersCoreGroup
	// ReflectorWatchText: client-go 0.19 reports a failed list as
	// "Failed to watch T: failed to list T: err" (before: "Failed to list T: err").
	ReflectorWatchText
	// DNSGatesDisabledByDefault: CrossClusterServiceDiscovery and
	// FederatedIngress default to Disabled.
	DNSGatesDisabledByDefault
	// StatusControllerNeedsStatusType: the service status controller runs
	// only for "services" with a statusType and the
	// RawResourceStatusCollection gate off; statusCollection no longer needs
	// the FTC to be named services.
	StatusControllerNeedsStatusType
	// RawResourceStatusCollection: the feature gate and status.clusters[].remoteStatus.
	RawResourceStatusCollection
	// LastUpdateNeedsRemoteStatus: updated member objects move
	// lastUpdateTime only when remote statuses were collected.
	LastUpdateNeedsRemoteStatus
	// ClustersAlwaysDiffer: status.clusters is compared with the collected
	// remote statuses even with the gate off, and collected numbers never
	// equal stored ones, so every reconcile rewrites the status.
	ClustersAlwaysDiffer
	// FederatedCRDv1: federated CRDs are apiextensions.k8s.io/v1 with the
	// template and override values preserving unknown fields.
	FederatedCRDv1
	// RetainHealthCheckNodePort: updates keep a Service's healthCheckNodePort.
	RetainHealthCheckNodePort
	// LookupWarnsNilError: kubefedctl logs "Api resource found with err
	// <nil>, and error could ignore." after every successful lookup.
	LookupWarnsNilError
	// DeleteOptions: the kubefed.io/deleteoption annotation.
	DeleteOptions
	// RFC1123Wording: apimachinery 0.20 words DNS-1123 names "lowercase RFC
	// 1123" in validation messages.
	RFC1123Wording
	// DNSGatesRemoved: CrossClusterServiceDiscovery and FederatedIngress are gone.
	DNSGatesRemoved
	// RSPReadyReplicas: the RSP scheduler reads status.readyReplicas (before:
	// the misspelt readyreplicas, which no object has).
	RSPReadyReplicas
	// FinalizerPatch: finalizers are added and removed with a merge patch
	// that appends (before: an update carrying a sorted set).
	FinalizerPatch
	// ManagedLabelPatch: the managed label is removed from a member object
	// with a JSON merge patch that deletes only that key and carries no
	// resourceVersion (before: an update of the whole cached object, which a
	// newer version of the object makes a Conflict).
	ManagedLabelPatch
	// KubefedctlPatch: kubefedctl enable (an existing FTC's spec) and
	// disable (spec.propagation) change the FederatedTypeConfig with a JSON
	// merge patch that carries no resourceVersion (before: an update of the
	// FTC they read, which a newer version of it makes a Conflict).
	KubefedctlPatch
	// QueueDedup: the work queue holds keys, so a key waiting to be
	// reconciled is queued once (before: every delivery was a new item).
	QueueDedup
	// SyncErrorLogs: the sync controller logs errors it only recorded as
	// events before, and the cluster controller logs a failed probe.
	SyncErrorLogs
	// RetainClusterIPs: updates keep a Service's spec.clusterIPs.
	RetainClusterIPs
	// RSPIntersect: spec.intersectWithClusterSelector of RSPs, and a
	// scheduling plugin needs the namespaces FTC to start.
	RSPIntersect
	// SelectorFieldErrors: apimachinery 0.21 reports every label-selector
	// requirement error as field errors; before, only the first, in plain words.
	SelectorFieldErrors
	// LookupLogsFound: kubefedctl logs "Api resource found." after a lookup.
	LookupLogsFound
	// ConcurrentReconciles: KubeFedConfig's maxConcurrentReconciles settings.
	ConcurrentReconciles
	// RetryRecoverable: a recoverable cluster failure makes the sync
	// controller retry with back-off.
	RetryRecoverable
	// CacheSyncTimeout: a reconcile waits up to cacheSyncTimeout for its
	// caches, then klog.Fatalf ends the process (before: NotSynced, retried).
	CacheSyncTimeout
	// JSONPatch412: evanphx/json-patch v4.12: negative array indexes in a
	// path and a replace of the whole document (path "").
	JSONPatch412
	// DeletionInPlacementOnly: deleting a federated resource (or orphaning
	// it) touches only the clusters in its placement.
	DeletionInPlacementOnly
	// WaitForRemovalEvent: the WaitForRemovalInCluster event.
	WaitForRemovalEvent
	// ClientRetrievalRecoverable: ClientRetrievalFailed is retried.
	ClientRetrievalRecoverable
	// ClusterKubernetesVersion: KubeFedCluster status.kubernetesVersion.
	ClusterKubernetesVersion
	// OfflineMessageHasError: the Offline condition's message ends with the
	// probe's error.
	OfflineMessageHasError
	// KubeFedClusterShortName: KubeFedCluster gets the short name kfc.
	KubeFedClusterShortName
	// ClusterConfigMalformed: a member whose client cannot be built gets
	// the condition ConfigMalformed=True at every probe; before, the
	// cluster controller kept no data for it and never wrote its status.
	ClusterConfigMalformed
	// IngressNetworkingV1: the chart's Ingress FTC targets networking.k8s.io/v1.
	IngressNetworkingV1

	numChanges
)

var changes = [numChanges]Info{
	ReflectorBackoff:                {Name: "ReflectorBackoff", First: "v0.3.1", PRs: []int{1244, 1251}, Summary: "a failed list is retried with back-off (0.8s doubling to 30s), not every second"},
	StatusWatchesFederatedType:      {Name: "StatusWatchesFederatedType", First: "v0.3.1", PRs: []int{1248}, Summary: "the service status controller receives FederatedService watch events"},
	RSPShortName:                    {Name: "RSPShortName", First: "v0.4.1", PRs: []int{1279}, Summary: "ReplicaSchedulingPreference has the short name rsp"},
	KubeFedCRDv1:                    {Name: "KubeFedCRDv1", First: "v0.5.0", PRs: []int{1307, 1308}, Summary: "kubefed's own CRDs are apiextensions.k8s.io/v1 and prune unknown fields"},
	EnablePrefersCoreGroup:          {Name: "EnablePrefersCoreGroup", First: "v0.5.0", PRs: []int{1294}, Summary: "kubefedctl takes a core-group match for NAME at once"},
	ReflectorWatchText:              {Name: "ReflectorWatchText", First: "v0.5.0", PRs: []int{1301}, Summary: "a failed list is logged as \"Failed to watch T: failed to list T: ...\""},
	DNSGatesDisabledByDefault:       {Name: "DNSGatesDisabledByDefault", First: "v0.5.0", PRs: []int{1298, 1305}, Summary: "CrossClusterServiceDiscovery and FederatedIngress default to Disabled"},
	StatusControllerNeedsStatusType: {Name: "StatusControllerNeedsStatusType", First: "v0.6.0", PRs: []int{1292}, Summary: "the status controller needs the services FTC, a statusType and the raw-status gate off"},
	RawResourceStatusCollection:     {Name: "RawResourceStatusCollection", First: "v0.6.0", PRs: []int{1292}, Summary: "the RawResourceStatusCollection gate and status.clusters[].remoteStatus"},
	LastUpdateNeedsRemoteStatus:     {Name: "LastUpdateNeedsRemoteStatus", First: "v0.6.0", PRs: []int{1292}, Summary: "updates move lastUpdateTime only when remote statuses were collected"},
	ClustersAlwaysDiffer:            {Name: "ClustersAlwaysDiffer", First: "v0.6.0", Until: "v0.7.0", PRs: []int{1292, 1380}, Summary: "every reconcile rewrites the propagation status"},
	FederatedCRDv1:                  {Name: "FederatedCRDv1", First: "v0.6.0", PRs: []int{1297}, Summary: "federated CRDs are apiextensions.k8s.io/v1 and preserve unknown fields"},
	RetainHealthCheckNodePort:       {Name: "RetainHealthCheckNodePort", First: "v0.6.1", PRs: []int{1347}, Summary: "updates keep a Service's healthCheckNodePort"},
	LookupWarnsNilError:             {Name: "LookupWarnsNilError", First: "v0.6.1", Until: "v0.8.0", PRs: []int{1334, 1410}, Summary: "kubefedctl warns \"Api resource found with err <nil>, and error could ignore.\""},
	DeleteOptions:                   {Name: "DeleteOptions", First: "v0.7.0", PRs: []int{1355}, Summary: "the kubefed.io/deleteoption annotation"},
	RFC1123Wording:                  {Name: "RFC1123Wording", First: "v0.7.0", PRs: []int{1357}, Summary: "names are \"lowercase RFC 1123\" in validation messages"},
	DNSGatesRemoved:                 {Name: "DNSGatesRemoved", First: "v0.7.0", PRs: []int{1351, 1360}, Summary: "the DNS feature gates are gone"},
	RSPReadyReplicas:                {Name: "RSPReadyReplicas", First: "v0.7.0", PRs: []int{1385}, Summary: "the RSP scheduler counts a member's replicas from status.readyReplicas"},
	FinalizerPatch:                  {Name: "FinalizerPatch", First: "v0.8.0", PRs: []int{1389}, Summary: "finalizers are patched in, appended, not updated as a sorted set"},
	ManagedLabelPatch:               {Name: "ManagedLabelPatch", First: "v0.8.0", PRs: []int{1409}, Summary: "the managed label is removed with a merge patch, not an update of the cached object"},
	KubefedctlPatch:                 {Name: "KubefedctlPatch", First: "v0.8.0", PRs: []int{1409}, Summary: "kubefedctl enable and disable patch the FederatedTypeConfig, not update the one they read"},
	QueueDedup:                      {Name: "QueueDedup", First: "v0.8.0", PRs: []int{1379}, Summary: "a key waiting in a work queue is queued once"},
	SyncErrorLogs:                   {Name: "SyncErrorLogs", First: "v0.8.0", PRs: []int{1408}, Summary: "the sync controller logs its finalizer, placement and timeout errors; the cluster controller its failed probes"},
	RetainClusterIPs:                {Name: "RetainClusterIPs", First: "v0.8.0", PRs: []int{1427}, Summary: "updates keep a Service's clusterIPs"},
	RSPIntersect:                    {Name: "RSPIntersect", First: "v0.8.0", PRs: []int{1393}, Summary: "RSP spec.intersectWithClusterSelector"},
	SelectorFieldErrors:             {Name: "SelectorFieldErrors", First: "v0.8.0", PRs: []int{1425}, Summary: "label-selector errors are field errors, all of them"},
	LookupLogsFound:                 {Name: "LookupLogsFound", First: "v0.8.0", PRs: []int{1410}, Summary: "kubefedctl logs \"Api resource found.\""},
	ConcurrentReconciles:            {Name: "ConcurrentReconciles", First: "v0.8.0", PRs: []int{1400}, Summary: "KubeFedConfig syncController/statusController.maxConcurrentReconciles"},
	RetryRecoverable:                {Name: "RetryRecoverable", First: "v0.8.1", PRs: []int{1428}, Summary: "recoverable cluster failures are retried with back-off"},
	CacheSyncTimeout:                {Name: "CacheSyncTimeout", First: "v0.9.0", PRs: []int{1460}, Summary: "unsynced caches end the process after cacheSyncTimeout"},
	JSONPatch412:                    {Name: "JSONPatch412", First: "v0.9.0", PRs: []int{1467}, Summary: "json-patch 4.12: negative indexes and whole-document replace"},
	DeletionInPlacementOnly:         {Name: "DeletionInPlacementOnly", First: "v0.9.2", PRs: []int{1499}, Summary: "deletion and orphaning touch only clusters in placement"},
	WaitForRemovalEvent:             {Name: "WaitForRemovalEvent", First: "v0.9.2", PRs: []int{1501}, Summary: "the WaitForRemovalInCluster event"},
	ClientRetrievalRecoverable:      {Name: "ClientRetrievalRecoverable", First: "v0.9.2", PRs: []int{1476}, Summary: "ClientRetrievalFailed is recoverable"},
	ClusterKubernetesVersion:        {Name: "ClusterKubernetesVersion", First: "v0.9.2", PRs: []int{1501}, Summary: "KubeFedCluster status.kubernetesVersion"},
	OfflineMessageHasError:          {Name: "OfflineMessageHasError", First: "v0.9.2", PRs: []int{1501}, Summary: "the Offline condition's message carries the probe error"},
	KubeFedClusterShortName:         {Name: "KubeFedClusterShortName", First: "v0.9.2", PRs: []int{1501}, Summary: "KubeFedCluster has the short name kfc"},
	ClusterConfigMalformed:          {Name: "ClusterConfigMalformed", First: "v0.9.2", PRs: []int{1476}, Summary: "a cluster whose client cannot be built is ConfigMalformed, not left with its last status"},
	IngressNetworkingV1:             {Name: "IngressNetworkingV1", First: "v0.10.0", PRs: []int{1521}, Summary: "the chart's Ingress FTC is networking.k8s.io/v1"},
}

// Changes lists every change in release order.
func Changes() []Info {
	out := make([]Info, len(changes))
	copy(out, changes[:])
	return out
}

// InfoOf describes one change.
func InfoOf(c Change) Info { return changes[c] }
