from django.urls import path

from . import views

app_name = "sandbox"
urlpatterns = [
    path("sandbox/", views.index, name="index"),
    path("sandbox/share/", views.share, name="share"),
    path("sandbox/new/", views.new, name="new"),
    path("sandbox/<slug:scenario_id>/", views.scenario, name="scenario"),
    path("p/<slug:position_id>/", views.shared, name="shared"),
    path("p/<slug:position_id>/qr.svg", views.qr, name="qr"),
]
