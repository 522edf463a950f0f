package simulation

import (
	"fmt"

	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// emptyStatus is the status a Kubernetes 1.22 API server returns for a newly
// created object of a built-in kind: its strategy clears the status and the
// empty Go struct is serialised, so fields without omitempty show as zero
// and a struct field as {}. kubefed's RawResourceStatusCollection records
// exactly this as remoteStatus after a create. The member clusters'
// controllers that would fill the status in later (deployment, replicaset,
// job, service load balancer, ...) are not modelled, so it stays so.
func emptyStatus(kind string) map[string]any {
	switch kind {
	case "Deployment", "Job", "CronJob":
		return map[string]any{}
	case "ReplicaSet", "StatefulSet":
		return map[string]any{"replicas": int64(0)}
	case "DaemonSet":
		return map[string]any{"currentNumberScheduled": int64(0), "desiredNumberScheduled": int64(0),
			"numberMisscheduled": int64(0), "numberReady": int64(0)}
	case "Service", "Ingress":
		return map[string]any{"loadBalancer": map[string]any{}}
	case "HorizontalPodAutoscaler":
		return map[string]any{"currentReplicas": int64(0), "desiredReplicas": int64(0)}
	case "PodDisruptionBudget":
		return map[string]any{"currentHealthy": int64(0), "desiredHealthy": int64(0),
			"disruptionsAllowed": int64(0), "expectedPods": int64(0)}
	}
	return nil
}

// builtinGroups are the API groups of the kinds emptyStatus knows, so that
// a custom resource of the same kind name is left alone. Service has its
// own mutator below.
var builtinGroups = map[string]string{
	"Deployment": "apps", "ReplicaSet": "apps", "StatefulSet": "apps", "DaemonSet": "apps",
	"Job": "batch", "CronJob": "batch", "Ingress": "networking.k8s.io",
	"HorizontalPodAutoscaler": "autoscaling", "PodDisruptionBudget": "policy",
}

// installMutators adds the API defaulting and allocation that matter to
// kubefed's retention rules: Namespace phase and finalizer, Service cluster
// IP, port protocol and node ports, the ServiceAccount token secret that
// Kubernetes before 1.24 adds, and the status built-in workloads are
// created with (emptyStatus). Values are deterministic per cluster.
func installMutators(st *store.Store, cluster string) {
	ipSeq, portSeq, tokenSeq := 0, 0, 0
	for kind, group := range builtinGroups {
		kind := kind
		st.Mutate[store.GroupKind{Group: group, Kind: kind}] = func(obj, old map[string]any) {
			if old == nil {
				obj["status"] = emptyStatus(kind)
			}
		}
	}
	st.Mutate[store.GroupKind{Kind: "Namespace"}] = func(obj, old map[string]any) {
		if old == nil {
			u.SetNested(obj, []any{"kubernetes"}, "spec", "finalizers")
			u.SetNested(obj, "Active", "status", "phase")
			return
		}
		// spec.finalizers changes only through the finalize subresource.
		if f, ok := u.Nested(old, "spec", "finalizers"); ok {
			u.SetNested(obj, u.DeepCopy(f), "spec", "finalizers")
		}
	}
	st.Mutate[store.GroupKind{Kind: "Service"}] = func(obj, old map[string]any) {
		if old == nil {
			obj["status"] = emptyStatus("Service")
		}
		spec, _ := obj["spec"].(map[string]any)
		if spec == nil {
			spec = map[string]any{}
			obj["spec"] = spec
		}
		typ, _ := spec["type"].(string)
		if typ == "" {
			typ = "ClusterIP"
			spec["type"] = typ
		}
		if typ != "ExternalName" {
			if ip, _ := spec["clusterIP"].(string); ip == "" {
				if old != nil && u.NestedString(old, "spec", "clusterIP") != "" {
					spec["clusterIP"] = u.NestedString(old, "spec", "clusterIP")
				} else {
					ipSeq++
					spec["clusterIP"] = fmt.Sprintf("10.96.%d.%d", clusterOctet(cluster), 10+ipSeq)
				}
			}
			if _, ok := spec["clusterIPs"]; !ok {
				spec["clusterIPs"] = []any{spec["clusterIP"]}
			}
		}
		for _, p := range u.NestedSlice(obj, "spec", "ports") {
			pm, _ := p.(map[string]any)
			if pm == nil {
				continue
			}
			if _, ok := pm["protocol"]; !ok {
				pm["protocol"] = "TCP"
			}
			if _, ok := pm["targetPort"]; !ok {
				pm["targetPort"] = pm["port"]
			}
			if (typ == "NodePort" || typ == "LoadBalancer") && u.NestedInt64(pm, "nodePort") == 0 {
				portSeq++
				pm["nodePort"] = int64(30000 + 100*clusterOctet(cluster)%2000 + portSeq)
			}
		}
	}
	st.Mutate[store.GroupKind{Kind: "ServiceAccount"}] = func(obj, old map[string]any) {
		if old != nil {
			return
		}
		if _, ok := obj["secrets"]; !ok {
			tokenSeq++
			obj["secrets"] = []any{map[string]any{"name": fmt.Sprintf("%s-token-%s%d", u.GetName(obj), "x", tokenSeq)}}
		}
	}
}

func clusterOctet(name string) int {
	h := 0
	for _, c := range name {
		h = (h*31 + int(c)) % 200
	}
	return h + 1
}
