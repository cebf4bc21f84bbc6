from django.urls import path

from . import views

app_name = "follow"
urlpatterns = [
    path("follow/", views.begin, name="begin"),
    path("follow/<slug:position_id>/", views.game, name="game"),
    path("follow/<slug:position_id>/qr.svg", views.qr, name="qr"),
]
