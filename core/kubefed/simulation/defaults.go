package simulation

import (
	"fmt"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
)

// chartType is one of the ten FTCs the Helm chart installs.
type chartType struct {
	group, version, kind, plural string
	namespaced                   bool
	fedNamespaced                bool
	shortNames                   []string
	retainReplicas               bool
}

func chartTypes(version string) []chartType {
	ingress := chartType{"networking.k8s.io", "v1", "Ingress", "ingresses", true, true, []string{"fing"}, false}
	if !release.MustParse(version).Has(release.IngressNetworkingV1) {
		ingress = chartType{"extensions", "v1beta1", "Ingress", "ingresses", true, true, []string{"fing"}, false}
	}
	return []chartType{
		{"rbac.authorization.k8s.io", "v1", "ClusterRole", "clusterroles", false, false, nil, false},
		{"", "v1", "ConfigMap", "configmaps", true, true, []string{"fcm"}, false},
		{"apps", "v1", "Deployment", "deployments", true, true, []string{"fdeploy"}, true},
		ingress,
		{"batch", "v1", "Job", "jobs", true, true, nil, false},
		{"", "v1", "Namespace", "namespaces", false, true, []string{"fns"}, false},
		{"apps", "v1", "ReplicaSet", "replicasets", true, true, []string{"frs"}, true},
		{"", "v1", "Secret", "secrets", true, true, nil, false},
		{"", "v1", "ServiceAccount", "serviceaccounts", true, true, []string{"fsa"}, false},
		{"", "v1", "Service", "services", true, true, []string{"fsvc"}, false},
	}
}

// ChartFederatedCRDs are the federated CRDs the chart installs.
func ChartFederatedCRDs(version string) []*apiextensions.CRD {
	var out []*apiextensions.CRD
	for _, t := range chartTypes(version) {
		out = append(out, apiextensions.FederatedTypeCRD(release.MustParse(version), "types.kubefed.io", "v1beta1", "Federated"+t.kind, "federated"+t.plural, t.fedNamespaced, t.shortNames, t.retainReplicas))
	}
	return out
}

// ChartFTCs are the chart's FederatedTypeConfigs (charts/kubefed/templates/federatedtypeconfig.yaml).
func ChartFTCs(version, namespace string) []map[string]any {
	var out []map[string]any
	for _, t := range chartTypes(version) {
		name := t.plural
		if t.group != "" {
			name = t.plural + "." + t.group
		}
		scope, fedScope := "Cluster", "Cluster"
		if t.namespaced {
			scope = "Namespaced"
		}
		if t.fedNamespaced {
			fedScope = "Namespaced"
		}
		target := map[string]any{"version": t.version, "kind": t.kind, "pluralName": t.plural, "scope": scope}
		if t.group != "" {
			target["group"] = t.group
		}
		out = append(out, map[string]any{
			"apiVersion": v1beta1.APIVersion, "kind": "FederatedTypeConfig",
			"metadata": map[string]any{"name": name, "namespace": namespace},
			"spec": map[string]any{
				"targetType":  target,
				"propagation": "Enabled",
				"federatedType": map[string]any{
					"group": "types.kubefed.io", "version": "v1beta1", "kind": "Federated" + t.kind,
					"pluralName": "federated" + t.plural, "scope": fedScope,
				},
			},
		})
	}
	return out
}

// kubeFedConfig is the chart's KubeFedConfig for release r as the
// defaulting webhook completes it: cacheSyncTimeout from v0.9.0 (PR #1460),
// the maxConcurrentReconciles settings from v0.8.0 (PR #1400), and the
// feature gates of the release in the defaults' sorted order: the DNS gates
// until v0.7.0 (Enabled before v0.5.0), RawResourceStatusCollection from
// v0.6.0.
func kubeFedConfig(r release.Release, namespace, scope string, o *Options) map[string]any {
	adopt := "Enabled"
	if o.AdoptResources == "Disabled" {
		adopt = "Disabled"
	}
	gate := func(name string, on bool) map[string]any {
		c := "Disabled"
		if on {
			c = "Enabled"
		}
		return map[string]any{"name": name, "configuration": c}
	}
	durations := map[string]any{"availableDelay": "20s", "unavailableDelay": "1m0s"}
	if r.Has(release.CacheSyncTimeout) {
		durations["cacheSyncTimeout"] = "5m0s"
	}
	syncController := map[string]any{"adoptResources": adopt}
	spec := map[string]any{
		"scope":              scope,
		"controllerDuration": durations,
		"clusterHealthCheck": map[string]any{"period": "10s", "failureThreshold": int64(3), "successThreshold": int64(1), "timeout": "3s"},
		"syncController":     syncController,
	}
	if r.Has(release.ConcurrentReconciles) {
		syncController["maxConcurrentReconciles"] = int64(1)
		spec["statusController"] = map[string]any{"maxConcurrentReconciles": int64(1)}
	}
	var gates []any
	if !r.Has(release.DNSGatesRemoved) {
		dns := !r.Has(release.DNSGatesDisabledByDefault)
		gates = append(gates, gate("CrossClusterServiceDiscovery", dns), gate("FederatedIngress", dns))
	}
	gates = append(gates, gate("PushReconciler", o.Gates.PushReconciler))
	if r.Has(release.RawResourceStatusCollection) {
		gates = append(gates, gate("RawResourceStatusCollection", o.Gates.RawResourceStatusCollection))
	}
	gates = append(gates, gate("SchedulerPreferences", o.Gates.SchedulerPreferences))
	spec["featureGates"] = gates
	return map[string]any{
		"apiVersion": v1beta1.APIVersion, "kind": "KubeFedConfig",
		"metadata": map[string]any{"name": "kubefed", "namespace": namespace},
		"spec":     spec,
	}
}

// checkGates rejects a gate the release does not have, with the message the
// KubeFedConfig validation prints (the defaulting webhook has sorted the
// gates by name, so it is the fourth).
func checkGates(r release.Release, g controllermanager.Gates) error {
	if g.RawResourceStatusCollection && !r.Has(release.RawResourceStatusCollection) {
		return fmt.Errorf("spec.featureGates[3].name: Unsupported value: %q: supported values: %q, %q, %q, %q",
			"RawResourceStatusCollection", "PushReconciler", "SchedulerPreferences", "CrossClusterServiceDiscovery", "FederatedIngress")
	}
	return nil
}

func namespaceObj(name string) map[string]any {
	return map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": name}}
}

func kubeFedClusterObj(namespace, name string, labels map[string]string) map[string]any {
	md := map[string]any{"name": name, "namespace": namespace}
	if len(labels) > 0 {
		l := map[string]any{}
		for k, v := range labels {
			l[k] = v
		}
		md["labels"] = l
	}
	return map[string]any{
		"apiVersion": v1beta1.APIVersion, "kind": "KubeFedCluster", "metadata": md,
		"spec": map[string]any{"apiEndpoint": fmt.Sprintf("https://%s.example:6443", name), "secretRef": map[string]any{"name": name + "-token"}},
	}
}
