package simulation

import (
	"fmt"

	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// installMutators adds the API defaulting and allocation that matter to
// kubefed's retention rules: Namespace phase and finalizer, Service cluster
// IP, port protocol and node ports, and the ServiceAccount token secret that
// Kubernetes before 1.24 adds. Values are deterministic per cluster.
func installMutators(st *store.Store, cluster string) {
	ipSeq, portSeq, tokenSeq := 0, 0, 0
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
