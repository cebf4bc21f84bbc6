from django.urls import path

from . import views

app_name = "cards"
urlpatterns = [
    path("cards/", views.card_list, name="list"),
    path("cards/<slug:card_id>/", views.detail, name="detail"),
]
