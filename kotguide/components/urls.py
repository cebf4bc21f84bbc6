from django.urls import path

from . import views

app_name = "components"
urlpatterns = [
    path("modules/evolutions/decks/<slug:monster>/", views.deck, name="deck"),
    path("modules/<slug:kind>/", views.component_list, name="list"),
    path("modules/<slug:kind>/<slug:component_id>/", views.detail, name="detail"),
]
