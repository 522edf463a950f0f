package sync

import (
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// VersionManager records, per federated resource, the version last
// propagated to each cluster in a PropagatedVersion (namespaced federated
// types) or ClusterPropagatedVersion object named "<lower target kind>-<name>"
// and owned by the federated resource. Versions are reused only while the
// template and overrides hashes are unchanged. It survives controller
// restarts because the objects live in the host API.
type VersionManager struct {
	s        *KubeFedSyncController
	kind     string
	versions map[string]map[string]any
}

func newVersionManager(s *KubeFedSyncController) *VersionManager {
	kind := "ClusterPropagatedVersion"
	if s.ftc.GetFederatedNamespaced() {
		kind = "PropagatedVersion"
	}
	return &VersionManager{s: s, kind: kind, versions: map[string]map[string]any{}}
}

// Sync loads the existing objects.
func (m *VersionManager) Sync() {
	prefix := strings.ToLower(m.s.ftc.Spec.TargetType.Kind) + "-"
	for _, o := range m.s.cfg.Host.List("core.kubefed.io", m.kind, m.s.cfg.TargetNamespace) {
		if strings.HasPrefix(u.GetName(o), prefix) {
			m.versions[util.QualifiedName{Namespace: u.GetNamespace(o), Name: u.GetName(o)}.String()] = o
		}
	}
}

func (m *VersionManager) name(r *FederatedResource) util.QualifiedName {
	n := util.QualifiedName{Name: strings.ToLower(m.s.ftc.Spec.TargetType.Kind) + "-" + r.federatedName.Name}
	if m.kind == "PropagatedVersion" {
		n.Namespace = r.federatedName.Namespace
	}
	return n
}

// Get returns cluster versions if the hashes still match.
func (m *VersionManager) Get(r *FederatedResource) map[string]string {
	out := map[string]string{}
	o := m.versions[m.name(r).String()]
	if o == nil {
		return out
	}
	if u.NestedString(o, "status", "templateVersion") != r.TemplateVersion() ||
		u.NestedString(o, "status", "overridesVersion") != r.OverrideVersion() {
		return out
	}
	for _, cv := range u.NestedSlice(o, "status", "clusterVersions") {
		cm, _ := cv.(map[string]any)
		c, _ := cm["clusterName"].(string)
		v, _ := cm["version"].(string)
		out[c] = v
	}
	return out
}

// Update records the versions of this reconcile. The objects it keeps are
// the store's snapshots: read only.
func (m *VersionManager) Update(r *FederatedResource, selected []string, versionMap map[string]string) error {
	tv, ov := r.TemplateVersion(), r.OverrideVersion()
	qn := m.name(r)
	old := m.versions[qn.String()]
	newMap := map[string]string{}
	for k, v := range versionMap {
		newMap[k] = v
	}
	if old != nil && u.NestedString(old, "status", "templateVersion") == tv && u.NestedString(old, "status", "overridesVersion") == ov {
		sel := map[string]bool{}
		for _, c := range selected {
			sel[c] = true
		}
		for _, cv := range u.NestedSlice(old, "status", "clusterVersions") {
			cm, _ := cv.(map[string]any)
			c, _ := cm["clusterName"].(string)
			if _, ok := newMap[c]; !ok && sel[c] {
				newMap[c], _ = cm["version"].(string)
			}
		}
	}
	names := make([]string, 0, len(newMap))
	for c := range newMap {
		names = append(names, c)
	}
	sort.Strings(names)
	if old != nil && versionsStatusEqual(old["status"], tv, ov, names, newMap) {
		return nil
	}
	cvs := make([]any, 0, len(names))
	for _, c := range names {
		cvs = append(cvs, map[string]any{"clusterName": c, "version": newMap[c]})
	}
	status := map[string]any{"templateVersion": tv, "overridesVersion": ov, "clusterVersions": cvs}
	host := m.s.cfg.Host
	var out map[string]any
	var err error
	if old == nil || host.Peek("core.kubefed.io", m.kind, qn.Namespace, qn.Name) == nil {
		obj := map[string]any{
			"apiVersion": "core.kubefed.io/v1alpha1", "kind": m.kind,
			"metadata": map[string]any{"name": qn.Name, "namespace": qn.Namespace, "ownerReferences": []any{map[string]any{
				"apiVersion": u.GetAPIVersion(r.obj), "kind": u.GetKind(r.obj), "name": u.GetName(r.obj), "uid": u.GetUID(r.obj),
			}}},
		}
		if qn.Namespace == "" {
			u.SetNamespace(obj, "")
		}
		out, err = host.Create(obj)
		if err == nil {
			out["status"] = status
			out, err = host.UpdateStatusOwned(out)
		}
	} else {
		// UpdateStatusOwned reads only the identity, resourceVersion and
		// status of what it is given.
		cur := host.Peek("core.kubefed.io", m.kind, qn.Namespace, qn.Name)
		next := make(map[string]any, len(cur)+1)
		for f, v := range cur {
			next[f] = v
		}
		next["status"] = status
		out, err = host.UpdateStatusOwned(next)
	}
	if err != nil {
		return util.Wrap(err, "Failed to write propagated version for %q", qn.String())
	}
	m.versions[qn.String()] = out
	return nil
}

// versionsStatusEqual is u.Equal(st, <the status Update would write>)
// without building it: the steady-state reconcile writes nothing.
func versionsStatusEqual(st any, tv, ov string, names []string, versions map[string]string) bool {
	sm, ok := st.(map[string]any)
	if !ok || len(sm) != 3 || sm["templateVersion"] != tv || sm["overridesVersion"] != ov {
		return false
	}
	cvs, ok := sm["clusterVersions"].([]any)
	if !ok || len(cvs) != len(names) {
		return false
	}
	for i, n := range names {
		cm, ok := cvs[i].(map[string]any)
		if !ok || len(cm) != 2 || cm["clusterName"] != n || cm["version"] != versions[n] {
			return false
		}
	}
	return true
}

// Delete forgets a resource's versions (the API object is garbage collected
// through its owner reference).
func (m *VersionManager) Delete(fedName util.QualifiedName) {
	n := util.QualifiedName{Name: strings.ToLower(m.s.ftc.Spec.TargetType.Kind) + "-" + fedName.Name}
	if m.kind == "PropagatedVersion" {
		n.Namespace = fedName.Namespace
	}
	delete(m.versions, n.String())
}
