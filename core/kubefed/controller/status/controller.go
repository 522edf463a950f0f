// Package status models kubefed's legacy status controller
// (pkg/controller/status): for the services FTC with a statusType it keeps a
// FederatedServiceStatus per FederatedService, listing each ready member
// cluster's Service .status. kubefed ships it disabled by default (the
// chart's services FTC has no statusType).
package status

import (
	"sort"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const src = "status/controller.go"

// KubeFedStatusController is one running status controller.
type KubeFedStatusController struct {
	cfg      *util.ControllerConfig
	ftc      *v1beta1.FederatedTypeConfig
	worker   *util.Worker
	fed      *util.Informer
	clusters *util.FederatedInformer
}

// StartKubeFedStatusController fails without a statusType, as upstream's
// constructor does ("Status collection is not supported for ...").
func StartKubeFedStatusController(cfg *util.ControllerConfig, ftc *v1beta1.FederatedTypeConfig) (*KubeFedStatusController, error) {
	kind := ftc.Spec.FederatedType.Kind
	if ftc.GetStatusType() == nil {
		return nil, util.Errorf("Status collection is not supported for %q", kind)
	}
	if cfg.FailStart != nil {
		if err := cfg.FailStart("status", kind); err != nil {
			return nil, err
		}
	}
	s := &KubeFedStatusController{cfg: cfg, ftc: ftc}
	s.worker = util.NewControllerWorker(kind+"-status", cfg, func(q util.QualifiedName) util.Result {
		return util.Done(s.reconcile(q))
	})
	enqueue := func(obj map[string]any) {
		s.worker.Enqueue(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)})
	}
	fed := ftc.GetFederatedType()
	s.fed = cfg.DynamicInformer(cfg.Host, fed, cfg.TargetNamespace, util.TriggerOnAllChanges(enqueue))
	if !cfg.Release.Has(release.StatusWatchesFederatedType) {
		// v0.3.0 gave the FederatedService informer the Service's type
		// (fixed in v0.3.1, PR #1248): its list works, but client-go drops
		// every watch event, whose kind is not the expected one.
		t := ftc.GetTargetType()
		s.fed.Expect = &util.GVK{Group: t.Group, Version: t.Version, Kind: t.Kind}
	}
	s.clusters = util.NewFederatedInformer(cfg, ftc.GetTargetType(), enqueue, util.ClusterLifecycle{})
	cfg.Log.Infof(src, "Starting status controller for %q", kind)
	s.fed.Start()
	s.clusters.Start()
	return s, nil
}

// Stop stops the informers and the worker.
func (s *KubeFedStatusController) Stop() {
	s.worker.Stop()
	s.fed.Stop()
	s.clusters.Stop()
}

func (s *KubeFedStatusController) reconcile(q util.QualifiedName) util.ReconciliationStatus {
	st := s.ftc.GetStatusType()
	if s.fed.Get(q.String()) == nil {
		return util.StatusAllOK
	}
	var statuses []any
	for _, c := range s.clusters.GetReadyClusters() {
		obj, err := s.clusters.GetTargetObject(c.Name, q.String())
		if err != nil || obj == nil {
			continue
		}
		entry := map[string]any{"clusterName": c.Name, "status": u.DeepCopy(obj["status"])}
		if entry["status"] == nil {
			entry["status"] = map[string]any{}
		}
		statuses = append(statuses, entry)
	}
	sort.Slice(statuses, func(i, j int) bool {
		return statuses[i].(map[string]any)["clusterName"].(string) < statuses[j].(map[string]any)["clusterName"].(string)
	})
	obj := map[string]any{
		"apiVersion":    st.Group + "/v1alpha1",
		"kind":          st.Kind,
		"metadata":      map[string]any{"name": q.Name, "namespace": q.Namespace},
		"clusterStatus": statuses,
	}
	if _, _, err := s.cfg.Host.Apply(obj); err != nil {
		s.cfg.Log.HandleError(src, err)
		return util.StatusError
	}
	return util.StatusAllOK
}
